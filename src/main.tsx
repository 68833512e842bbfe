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

// The first route is matched before React renders, so the screen appears in React's first commit
// rather than after a suspended one (a faster start, offline too: issue 16).
const router = createAppRouter()
void router
  .load()
  .catch((error: unknown) => console.error('The first route could not be matched', error))
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  )
