import { geneMatcher, mapConditions, specificityOf, treatmentClassOf } from './ctgov-classify';

const genes = geneMatcher(['ALK', 'AR', 'BCR-ABL1', 'EGFR', 'HER2', 'MET', 'MSI-H']);

describe('ctgov-classify', () => {
  describe(mapConditions.name, () => {
    it('should map condition texts to the product keys', () => {
      expect(mapConditions(['Non-Small-Cell Lung Carcinoma'])).toEqual(['lung_cancer']);
      expect(mapConditions(['NSCLC'])).toEqual(['lung_cancer']);
      expect(mapConditions(['Leukemia, Myeloid, Acute'])).toEqual(['acute_myeloid_leukemia']);
      expect(mapConditions(['AML, Adult'])).toEqual(['acute_myeloid_leukemia']);
      expect(mapConditions(['Acute Lymphoblastic Leukemia'])).toEqual([
        'acute_lymphoblastic_leukemia',
      ]);
      expect(mapConditions(['Hepatocellular Carcinoma'])).toEqual(['liver_cancer']);
      expect(mapConditions(['Cholangiocarcinoma'])).toEqual(['cholangiocarcinoma']);
      expect(mapConditions(['Renal Cell Carcinoma'])).toEqual(['kidney_cancer']);
      expect(mapConditions(['Gastric or Gastroesophageal Cancer'])).toEqual([
        'esophageal_cancer',
        'gastric_cancer',
      ]);
      expect(mapConditions(['SUV on PSMA PET/CT in Non-Prostate Tumors'])).toEqual([]);
      expect(mapConditions(['Advanced Solid Tumor'])).toEqual([]);
    });
  });

  describe(specificityOf.name, () => {
    it('should tell pan-tumour, specific and basket trials apart', () => {
      expect(specificityOf([], ['Advanced Solid Tumor', 'Neoplasms'])).toBe('pantumor');
      expect(specificityOf(['lung_cancer'], ['NSCLC'])).toBe('specific');
      expect(specificityOf(['lung_cancer', 'breast_cancer'], [])).toBe('basket');
      expect(specificityOf([], ['Healthy Volunteers'])).toBe('specific');
    });
  });

  describe(treatmentClassOf.name, () => {
    it.each([
      ['DRUG', 'Pembrolizumab', 'Checkpoint Inhibitors'],
      ['BIOLOGICAL', 'Atezolizumab + Bevacizumab', 'Checkpoint Inhibitors'],
      ['BIOLOGICAL', 'Bevacizumab', 'Monoclonal Antibodies'],
      ['DRUG', 'Osimertinib', 'Targeted Therapy'],
      ['DRUG', 'Olaparib', 'Targeted Therapy'],
      ['DRUG', 'Palbociclib', 'Targeted Therapy'],
      ['DRUG', 'Carboplatin', 'Chemotherapy'],
      ['DRUG', 'mFOLFOX6', 'Chemotherapy'],
      ['DRUG', 'Enzalutamide', 'Hormone Therapy'],
      ['DRUG', 'Letrozole', 'Hormone Therapy'],
      ['BIOLOGICAL', 'CD19 CAR-T cells', 'Cell Therapy'],
      ['BIOLOGICAL', 'Personalised cancer vaccine', 'Vaccines'],
      ['RADIATION', 'Stereotactic body radiotherapy', 'Radiation Therapy'],
      ['BEHAVIORAL', 'Yoga', 'Behavioral'],
      ['DEVICE', 'Scalp cooling', 'Device'],
      ['PROCEDURE', 'Lobectomy', 'Procedure'],
      ['DIAGNOSTIC_TEST', 'ctDNA assay', 'Diagnostic Test'],
      ['DIETARY_SUPPLEMENT', 'Vitamin D', 'Dietary Supplement'],
      ['GENETIC', 'Germline testing', 'Genetic'],
      ['DRUG', 'Lutetium Lu 177 vipivotide tetraxetan', 'Radiopharmaceuticals'],
      ['OTHER', 'Quality-of-Life Assessment', 'Other'],
    ])('should class %s %s as %s', (type, name, expected) => {
      expect(treatmentClassOf(type, name)).toBe(expected);
    });
  });

  describe(geneMatcher.name, () => {
    it('should find listed names as whole upper-case words, and HER2 from ERBB2', () => {
      expect(genes(['EGFR-mutant NSCLC, ALK negative'])).toEqual(['ALK', 'EGFR']);
      expect(genes(['ERBB2 amplification'])).toEqual(['HER2']);
      expect(genes(['BCR-ABL1 positive ALL'])).toEqual(['BCR-ABL1']);
      expect(genes(['MSI-H or dMMR'])).toEqual(['MSI-H']);
      // 'metastatic', 'are', 'Met' are words, not genes.
      expect(genes(['Patients are metastatic; Met criteria'])).toEqual([]);
      expect(genes(['METHOD'])).toEqual([]);
    });
  });
});
