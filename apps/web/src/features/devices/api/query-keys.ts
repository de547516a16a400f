// The key alone, for code that only refreshes device links (the live events, on every signed-in
// page): importing it from the fetchers would load the fetchers' schemas too.

/** Every list of device links starts with this key; a `device-link-changed` event refreshes them all. */
export const DEVICE_LINKS_QUERY_KEY = ['device-links'] as const;
