/**
 * What services need from the platform around them. The realtime module (helper B) provides
 * the push side; services depend on this narrow shape so they can also run in the worker.
 */
import type { Realtime } from './realtime/realtime';

export type PushSink = Pick<Realtime, 'emitToUser' | 'emitToTeam' | 'moveUserToTeam' | 'disconnectUser'>;

/** The public origin used in mailed links (PUBLIC_URL, else the address the server listens on). */
export type BaseUrl = () => string;
