import { describe, expect, it } from 'vitest';
import { registryText } from './registry-text';

describe(registryText.name, () => {
  it('should drop the Markdown escapes of the registry texts', () => {
    expect(registryText('legal protection \\[guardianship, tutorship\\], \\*not\\* a list')).toBe(
      'legal protection [guardianship, tutorship], *not* a list',
    );
    expect(registryText('age \\< 70 years; IHC \\<1+')).toBe('age < 70 years; IHC <1+');
  });

  it('should decode the HTML entities some records carry, also after an escape', () => {
    expect(registryText('bypass graft of &lt;6 months')).toBe('bypass graft of <6 months');
    expect(registryText('Gleason \\&lt;6, PSA &gt; 4 &amp; ECOG &#8804; 2, &#x2265;18')).toBe(
      'Gleason <6, PSA > 4 & ECOG ≤ 2, ≥18',
    );
  });

  it('should decode only once and keep what is not an entity or an escape', () => {
    expect(registryText('&amp;lt; stays as text')).toBe('&lt; stays as text');
    expect(registryText('R&D; &unknown; &#0; 5 & 6')).toBe('R&D; &unknown; &#0; 5 & 6');
    expect(registryText('C:\\path and \\d')).toBe('C:\\path and \\d');
    expect(registryText('* Line one\n* Line two')).toBe('* Line one\n* Line two');
  });
});
