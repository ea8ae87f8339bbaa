import 'bootstrap/dist/css/bootstrap.min.css';
import './app/app.css';
import { prepareDublinFormats } from '@registra/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { createRouter, preloadPagesOf } from './app/router';
import { store } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The page's chunk, and its record, on their way while the session is checked.
preloadPagesOf(window.location.pathname, store.dispatch);

createRoot(container).render(
  <StrictMode>
    <AppProvider store={store}>
      <RouterProvider router={createRouter()} />
    </AppProvider>
  </StrictMode>,
);

// The date formatters' first making (the time zone's data) in a task of its own, while the first
// answers are on the way, instead of inside the first render that shows a date.
setTimeout(prepareDublinFormats, 0);
