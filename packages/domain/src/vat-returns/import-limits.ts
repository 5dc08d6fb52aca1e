/**
 * What one imported file may hold (the server enforces them, the import screen states them).
 * Sized for a year of a busy business's transactions: 150,000 rows of a typical CSV export take
 * about 10 MB.
 */
export const importLimits = {
  /** The largest file accepted, in bytes (20 MB). */
  maxFileBytes: 20 * 1024 * 1024,
  /** The most rows of records one file may hold. */
  maxDataRows: 150_000,
  /** The most columns a row may have. */
  maxColumns: 1_000,
  /** The longest text a cell may hold: Excel's own limit. */
  maxCellChars: 32_767,
  /** The most an XLSX may unpack to, in bytes (100 MB), counted while it unpacks. */
  maxUnpackedBytes: 100 * 1024 * 1024,
  /** The longest a file may take to read, in milliseconds. */
  maxReadMs: 30_000,
} as const;

/** How many records and problems a preview sends back (the counts are always whole). */
export const importPreviewSample = { records: 100, problems: 100 } as const;
