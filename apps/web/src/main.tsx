import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app.tsx';
import { startEarly } from '@/app/early-start.ts';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

startEarly();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
