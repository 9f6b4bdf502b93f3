/**
 * Finder and verifier area tables (issue 4): verification results and cache, credit ledger,
 * bulk jobs, finder searches, domain crawls, technology checks, LinkedIn search tasks.
 */
export {};
