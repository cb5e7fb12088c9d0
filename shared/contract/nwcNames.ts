// The names of the connected apps' operations and events, free of zod for the preload (channels.ts).
export const NWC_OP_NAMES = ['nwc.list', 'nwc.create', 'nwc.get', 'nwc.revoke', 'nwc.settings'] as const
export const NWC_EVENT_NAMES = ['nwc.updated'] as const
