import { chunkText, mappingProblems, progressPercent } from './csv-mapping';

describe('CSV import mapping', () => {
  it('needs a name or an email and no field mapped twice', () => {
    expect(mappingProblems({ Company: 'company', Notes: null })).toEqual(['needsNameOrEmail']);
    expect(mappingProblems({ Mail: 'email', 'E-mail': 'email' })).toEqual(['duplicateTarget']);
    expect(mappingProblems({ Name: 'name', Notes: null, Extra: 'custom_4' })).toEqual([]);
  });

  it('cuts the file into ordered chunks that join back to the same text', () => {
    const text = 'name,email\n' + 'Ada,ada@example.com\n'.repeat(50);
    const chunks = chunkText(text, 64);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(text);
    expect(chunkText('')).toEqual(['']);
  });

  it('reports progress as a bounded percentage', () => {
    expect(progressPercent(250, 1000)).toBe(25);
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(11, 10)).toBe(100);
  });
});
