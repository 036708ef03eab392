import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { askFirstRows } from './state/shipments';
import './styles/base.css';
import './styles/marks.css';
import './styles/layout.css';
import './styles/header.css';
import './styles/workspace.css';
import './styles/table.css';
import './styles/table-tools.css';
import './styles/grid.css';
import './styles/detail.css';
import './styles/panels.css';

askFirstRows();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary area="the Quayside window">
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
