import { Layout } from './Layout.tsx';
import { RouteView } from './RouteView.tsx';

export function App() {
  return (
    <Layout>
      <RouteView />
    </Layout>
  );
}
