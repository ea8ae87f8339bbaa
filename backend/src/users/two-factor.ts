import { generateSecret, generateURI, verifySync } from 'otplib';
import {
  groupRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
} from '@registra/domain';
import { createHash, randomInt } from 'node:crypto';
import { toDataURL } from 'qrcode';

/** The issuer the authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Registra';
/** A code of the previous or next 30-second step is accepted too (clocks drift). */
const EPOCH_TOLERANCE_SECONDS = 30;

export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code (PNG data URL) for the app's camera. */
  qrCode: string;
}

/** A new secret with its otpauth:// URL and QR code, for `label` (the account's e-mail). */
export async function newTotpEnrolment(label: string): Promise<TotpEnrolment> {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label, secret });
  return { secret, otpauthUrl, qrCode: await toDataURL(otpauthUrl) };
}

/** The time step of a valid 6-digit code for `secret`, or undefined. */
export function totpTimeStep(secret: string, code: string): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = verifySync({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/**
 * "ab2c-d3ef-g4hj": 12 characters drawn uniformly (crypto's randomInt, no modulo bias) from the
 * alphabet without look-alikes, in three groups.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    groupRecoveryCode(
      Array.from(
        { length: RECOVERY_CODE_LENGTH },
        () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
      ).join(''),
    ),
  );
}

/**
 * Recovery codes are compared case- and dash-insensitively, by their SHA-256. Nothing else is
 * folded (an "o" is not read as a "0"): codes made before the alphabet left out look-alikes hold
 * them, and their stored hashes must still match.
 */
export function recoveryCodeHash(code: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(normalized, 'utf8').digest('hex');
}
