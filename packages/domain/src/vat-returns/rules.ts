/** The pure VAT-return rules (no I/O): sectors, flat rate arithmetic, the nine boxes, records → boxes. */
export * from './flat-rate-sectors';
export * from './flat-rate';
export * from './boxes';
export * from './comparison';
export * from './record-groups';
export * from './records-to-boxes';
export * from './submit-window';
export * from './bad-debt-relief';
export * from './margin-scheme';
