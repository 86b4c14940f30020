/** Why a reference input was refused. Codes are stable; messages are written for the model to read. */
export type ReferenceInputErrorCode =
  | 'no_input'
  | 'multiple_inputs'
  | 'invalid_argument'
  | 'invalid_expected_sha256'
  | 'path_not_accepted'
  | 'path_outside_roots'
  | 'path_not_found'
  | 'not_a_file'
  | 'url_not_accepted'
  | 'invalid_url'
  | 'scheme_not_allowed'
  | 'host_not_allowed'
  | 'redirect_not_allowed'
  | 'too_many_redirects'
  | 'fetch_failed'
  | 'timeout'
  | 'aborted'
  | 'too_large'
  | 'sha256_mismatch'
  | 'not_utf8';

/** What arrived: the exact bytes a tool processed (or refused), measured the same way everywhere. */
export interface ReceivedDigest {
  bytes: number;
  lines: number;
  /** Lower-case hex, the same string `sha256sum` prints for the same bytes. */
  sha256: string;
}

export interface ReferenceInputErrorDetails {
  /** What arrived, when something arrived before the refusal (hash mismatch, invalid UTF-8). */
  received?: ReceivedDigest;
  /** The size limit in bytes, for `too_large`. */
  maxBytes?: number;
  /** HTTP status, for `fetch_failed`. */
  status?: number;
}

export class ReferenceInputError extends Error {
  readonly code: ReferenceInputErrorCode;
  readonly details: ReferenceInputErrorDetails;

  constructor(code: ReferenceInputErrorCode, message: string, details: ReferenceInputErrorDetails = {}, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ReferenceInputError';
    this.code = code;
    this.details = details;
  }
}

export function isReferenceInputError(value: unknown): value is ReferenceInputError {
  return value instanceof ReferenceInputError;
}
