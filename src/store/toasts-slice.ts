/** Toasts shown by every screen: at most three at once, 4000 ms by default (docs/product.md, specification 9). */
import type { StateCreator } from 'zustand'
import type { StoreState } from './types'

export const MAX_TOASTS = 3
export const TOAST_DURATION_MS = 4000

export interface Toast {
  id: number
  title: string
  description?: string
  /** A destructive toast is announced as an alert. */
  variant: 'default' | 'destructive'
  durationMs: number
}

export interface ToastsSlice {
  toasts: Toast[]
  /** Shows a toast and returns its id; the oldest goes when more than three are visible. */
  showToast: (toast: {
    title: string
    description?: string
    variant?: Toast['variant']
    durationMs?: number
  }) => number
  dismissToast: (id: number) => void
}

let nextToastId = 1

export const createToastsSlice: StateCreator<StoreState, [], [], ToastsSlice> = (set) => ({
  toasts: [],
  showToast: ({ title, description, variant = 'default', durationMs = TOAST_DURATION_MS }) => {
    const id = nextToastId++
    const toast: Toast = { id, title, variant, durationMs, ...(description ? { description } : {}) }
    set((state) => ({ toasts: [...state.toasts, toast].slice(-MAX_TOASTS) }))
    return id
  },
  dismissToast: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
})
