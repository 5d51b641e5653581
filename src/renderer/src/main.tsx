import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { boot } from './boot.ts';
import './styles/index.css';

const root = document.getElementById('root');
if (root === null) throw new Error('Robot Tray: #root element missing from index.html');
void boot();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
