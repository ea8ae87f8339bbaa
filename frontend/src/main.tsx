import 'bootstrap/dist/css/bootstrap.min.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { store } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider store={store}>
      <RouterProvider router={createRouter()} />
    </AppProvider>
  </StrictMode>,
);
