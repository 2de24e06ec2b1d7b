// SQL functions RZ registers on every SQLite connection, the main one and the read threads'
// (read-threads.ts builds the thread's copy from this function's source: plain JavaScript only).

/** rz_lower: Unicode case folding for searches with non-ASCII letters (SQLite's lower() folds ASCII only; migrations 008, 011). */
export const rzLower = (v: unknown): unknown => (typeof v === 'string' ? v.normalize('NFC').toLowerCase() : v);
