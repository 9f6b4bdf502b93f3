/**
 * Industries a prospect is saved with (by id, document 1 §5). A fixed catalogue: ids are stable
 * and never reused, so saved prospects keep their industry when names are re-worded.
 */
export const INDUSTRIES: readonly { id: number; name: string }[] = [
  'Accounting',
  'Advertising & Marketing',
  'Agriculture',
  'Automotive',
  'Banking',
  'Biotechnology',
  'Chemicals',
  'Computer Software',
  'Construction',
  'Consulting',
  'Consumer Goods',
  'Education',
  'Electronics',
  'Energy & Utilities',
  'Entertainment',
  'Financial Services',
  'Food & Beverages',
  'Government',
  'Healthcare',
  'Hospitality',
  'Information Technology',
  'Insurance',
  'Internet',
  'Legal Services',
  'Logistics & Transportation',
  'Manufacturing',
  'Media & Publishing',
  'Non-profit',
  'Pharmaceuticals',
  'Real Estate',
  'Retail',
  'Telecommunications',
  'Travel & Tourism',
  'Wholesale',
].map((name, index) => ({ id: index + 1, name }));

export function industryById(id: number) {
  return INDUSTRIES.find((industry) => industry.id === id);
}
