/** Where a booking stands on its contract's page (search results link there too). */
export const bookingAnchor = (recordId: string) => `booking-${recordId}`;

/**
 * The charges form's `?reverse=` for a booking: its record number as a number, so the address reads
 * `/producers/charges?reverse=42` (the router would quote digits given as text: `?reverse=%2242%22`).
 */
export const reverseParam = (recordId: string): number | string =>
  Number.isSafeInteger(Number(recordId)) ? Number(recordId) : recordId;
