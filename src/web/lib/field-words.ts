/** The words of one form field: its label and hint, and what to say when it is missing or malformed. */
export interface FieldWords {
  label: string;
  hint?: string;
  /** Said when the field is required and empty. */
  required?: string;
  /** Said when the value has the wrong shape. */
  format?: string;
  /** Said when typed text cannot be read as the number the field holds. */
  unreadable?: (typed: string) => string;
}
