// LNbits' error bodies (lnbits/exceptions.py): `{"detail": …}` for HTTP errors, and 520 with
// `{"detail", "status"}` for a payment or invoice error.
export class LnbitsError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly paymentStatus?: string,
  ) {
    super(message)
  }

  body(): Record<string, unknown> {
    return this.paymentStatus ? { detail: this.message, status: this.paymentStatus } : { detail: this.message }
  }
}
