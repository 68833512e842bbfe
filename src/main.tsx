import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { startLab } from './app/lab-entry'
import { createAppRouter } from './app/router'
import './styles.css'

// Before React renders: on /void the feed's first request runs while the app and the route load.
// A dynamic import keeps the feed's code out of the writer's first paint (the size budget).
if (location.pathname === '/void')
  void import('./lib/void-first-page').then(({ startVoidFirstPageEarly }) =>
    startVoidFirstPageEarly(location.pathname),
  )

// The network lab (issue 15): off unless asked for; its code loads only then.
startLab()

const root = document.getElementById('root')
if (!root) throw new Error('Unburden needs a #root element')

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
)
