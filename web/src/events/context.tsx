// Hands the app's one event bus to React: the provider is mounted by App with the bus main.tsx
// created; `useAppEvents` re-renders with the recent events as they come.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { AppEvent, EventBus } from './bus'

const EventBusContext = createContext<EventBus | null>(null)

export function EventBusProvider({ bus, children }: { bus: EventBus; children: ReactNode }) {
  return <EventBusContext.Provider value={bus}>{children}</EventBusContext.Provider>
}

export function useEventBus(): EventBus {
  const bus = useContext(EventBusContext)
  if (!bus) throw new Error('useEventBus outside EventBusProvider')
  return bus
}

/** The recent events of the app's bus, oldest first; updates as events are emitted. */
export function useAppEvents(): readonly AppEvent[] {
  const bus = useEventBus()
  return useSyncExternalStore(bus.subscribe, bus.recent, bus.recent)
}
