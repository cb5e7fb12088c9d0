// The app's own refusal of what an address's LNURL server sent (a wrong amount or description
// hash, no invoice, not a pay request). Its message is already the person's words, naming the
// host: a payment's error words (payments/words.ts) pass it on, where a service's own text of the
// same code is replaced.
import { AppError } from '@shared/errors'

export class LnurlRefusal extends AppError {
  constructor(message: string) {
    super('lnurl_error', message, { retryable: false })
  }
}
