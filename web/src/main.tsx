import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadInstanceConfig } from './app/boot.ts';
import { installScrollSaving } from './app/router/scrollRestoration.ts';
import { restoreSession } from './features/auth/restoreSession.ts';
import './app/global.css';

installScrollSaving();
void loadInstanceConfig();
void restoreSession();

const root = document.getElementById('app');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
