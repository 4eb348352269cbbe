import { v7 } from 'uuid';

/** Opaque, time-ordered ids (UUIDv7). */
export const newId = (): string => v7();
