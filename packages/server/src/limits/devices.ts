import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomId } from '../common/ids.js';

export const DEVICE_COOKIE = 'zar_device';
/** Accounts one browser is remembered for: enough for a family's computer, and a small cookie. */
const MAX_NAMES = 8;
/** A browser is remembered for a year after its last sign-in. */
const MAX_AGE_S = 365 * 24 * 3600;
/** A cookie longer than this is not read (eight names of 24 characters and an id fit easily). */
const MAX_COOKIE = 1024;

/** A browser, as its device cookie says: its own random id, and the accounts it has signed in to. */
export interface Device {
  readonly id: string;
  /** Lower case, as LoginGuard counts them; the latest first. */
  readonly names: readonly string[];
}

/**
 * Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that has signed in to an account is given a signed cookie saying so, and its login attempts
 * for that account are counted on their own (LoginGuard), apart from those of every other
 * client. So however many addresses guess an account's password, the owner signs in from a
 * browser he has used before. The cookie carries no secret: it is signed so that nobody can
 * make one for an account he never signed in to, and a copied one shares its owner's count.
 */
export class KnownDevices {
  constructor(private readonly secureCookies: boolean) {}

  /** The request's device cookie, if its signature holds and it reads. */
  of(request: FastifyRequest): Device | null {
    const raw = request.cookies[DEVICE_COOKIE];
    if (raw === undefined || raw.length > MAX_COOKIE) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value !== null ? parseDevice(unsigned.value) : null;
  }

  /** The device's id if this browser has signed in to `name` before; null otherwise. */
  idFor(request: FastifyRequest, name: string): string | null {
    const device = this.of(request);
    return device?.names.includes(name.toLowerCase()) ? device.id : null;
  }

  /** `name` signed in from this browser: it is remembered (a new device id when it had none). */
  remember(request: FastifyRequest, reply: FastifyReply, name: string): void {
    const known = this.of(request);
    const key = name.toLowerCase();
    const device: Device = {
      id: known?.id ?? randomId(12),
      names: [key, ...(known?.names ?? []).filter((n) => n !== key)].slice(0, MAX_NAMES),
    };
    reply.setCookie(DEVICE_COOKIE, Buffer.from(JSON.stringify(device)).toString('base64url'), {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookies || request.protocol === 'https',
      // Only the login route reads it.
      path: '/api',
      maxAge: MAX_AGE_S,
    });
  }
}

function parseDevice(value: string): Device | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { id, names } = parsed as { id?: unknown; names?: unknown };
    if (typeof id !== 'string' || !Array.isArray(names) || names.length > MAX_NAMES) return null;
    if (!names.every((n): n is string => typeof n === 'string')) return null;
    return { id, names };
  } catch {
    return null;
  }
}
