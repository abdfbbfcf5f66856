import type { ScreenProps } from '../../router/matchRoute.ts';
import { ListEditor } from './ListEditor.tsx';
import { ListsScreen } from './ListsScreen.tsx';

/**
 * The list screens, one lazy chunk (spec part 1, §2 lists): /lists, /lists/new and
 * /lists/:id/edit. The list timeline is a timeline screen. The editor is keyed by the list, so
 * going from one list's editor to another's starts afresh.
 */
export default function ListScreens({ match }: ScreenProps) {
  switch (match.route.name) {
    case 'lists-new':
      return <ListEditor key="new" listId={null} />;
    case 'lists-edit':
      return <ListEditor key={match.params.id} listId={match.params.id ?? ''} />;
    default:
      return <ListsScreen />;
  }
}
