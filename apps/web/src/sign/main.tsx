import './sign.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { storedLanguage } from './i18n.tsx';
import { SignApp } from './SignApp.tsx';

// The public signing page's own entry (sign.html, served at /sign): it loads none of the back office's code.
const container = document.getElementById('root');
if (!container) throw new Error('sign.html has no #root element');
document.documentElement.lang = storedLanguage();

createRoot(container).render(
  <StrictMode>
    <SignApp search={window.location.search} />
  </StrictMode>,
);
