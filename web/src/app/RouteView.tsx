import { useLocation } from './router/history.ts';
import { matchRoute } from './router/matchRoute.ts';
import { PublicTimeline } from '../features/timeline/PublicTimeline.tsx';
import { t } from '../i18n/index.ts';

/** STUB (owner: shell-routes). The routed screen with guards, redirects and placeholders. */
export function RouteView() {
  const location = useLocation();
  const match = matchRoute(location.pathname, location.search);
  if (match?.route.name === 'public-external-timeline') {
    return <PublicTimeline local={false} title={t('nav.twkn')} />;
  }
  return <PublicTimeline local title={t('nav.public_tl')} />;
}
