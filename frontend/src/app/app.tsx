import { createBrowserRouter, RouterProvider } from 'react-router';
import { createApp } from './create-app';
import { AppProvider } from './provider';

const { router, queryClient } = createApp((routes) => createBrowserRouter(routes));

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
