import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  CONDITION_KEYS,
  RADIUS_UNITS,
  RECRUITING_STATUSES,
  SORTS,
  SPECIFICITIES,
  STUDY_TYPES,
  TREATMENT_CLASSES,
  TRIAL_PHASES,
  type RadiusUnit,
  type SortOrder,
} from '@trialflow/contract';

type TransformInput = { value: unknown };

/** Spec 02 §7: radius parsed as an integer ('1000' and 1000 both work). */
const toInteger = ({ value }: TransformInput): unknown =>
  typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number.parseInt(value, 10) : value;

/** Spec 02 §7: facility ids converted to numbers. */
const toNumbers = ({ value }: TransformInput): unknown =>
  Array.isArray(value)
    ? (value as unknown[]).map((v) =>
        typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v,
      )
    : value;

/** An empty string is no value (the web form starts every field as ''). */
const emptyToUndefined = ({ value }: TransformInput): unknown => (value === '' ? undefined : value);

export class SearchLocationDto {
  // Optional here so a missing one is named with the other location criteria (spec 02 §3).
  @ApiProperty({ example: 52.52, minimum: -90, maximum: 90 })
  @Min(-90)
  @Max(90)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsOptional()
  lat: number;

  @ApiProperty({ example: 13.405, minimum: -180, maximum: 180 })
  @Min(-180)
  @Max(180)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsOptional()
  long: number;
}

export class SearchFiltersDto {
  @ApiPropertyOptional({ enum: TRIAL_PHASES, enumName: 'TrialPhase', isArray: true })
  @IsIn(TRIAL_PHASES, { each: true })
  @IsArray()
  @IsOptional()
  trial_phase?: string[];

  @ApiPropertyOptional({
    enum: STUDY_TYPES,
    enumName: 'StudyType',
    isArray: true,
    description:
      'Default Interventional; with no study_type and criterions.interventional = false, every type.',
  })
  @IsIn(STUDY_TYPES, { each: true })
  @IsArray()
  @IsOptional()
  study_type?: string[];

  @ApiPropertyOptional({
    enum: RECRUITING_STATUSES,
    enumName: 'RecruitingStatus',
    isArray: true,
    description: 'Default both: only trials taking patients are searched.',
  })
  @IsIn(RECRUITING_STATUSES, { each: true })
  @IsArray()
  @IsOptional()
  recruiting_status?: string[];

  @ApiPropertyOptional({ enum: TREATMENT_CLASSES, enumName: 'TreatmentClass', isArray: true })
  @IsIn(TREATMENT_CLASSES, { each: true })
  @IsArray()
  @IsOptional()
  treatment_subtype?: string[];

  @ApiPropertyOptional({
    type: [String],
    example: ['EGFR'],
    description: 'Gene or biomarker names (e.g. EGFR, BRCA1, MSI-H): a trial mentioning any.',
  })
  @MaxLength(40, { each: true })
  @IsString({ each: true })
  @ArrayMaxSize(200)
  @IsArray()
  @IsOptional()
  genetic_mutations?: string[];

  @ApiPropertyOptional({ enum: SPECIFICITIES, enumName: 'Specificity', isArray: true })
  @IsIn(SPECIFICITIES, { each: true })
  @IsArray()
  @IsOptional()
  specificity?: string[];

  @ApiPropertyOptional({
    description: 'A tighter maximum distance in radius_unit (the filter starts empty).',
    example: 100,
    minimum: 1,
  })
  @Transform(emptyToUndefined)
  @Transform(toInteger)
  @Max(20_000)
  @Min(1)
  @IsInt()
  @IsOptional()
  distance?: number;
}

/** Spec 02 §7 calls 1 and 2 (trial search), plus filters, sort and page. */
export class TrialSearchDto {
  @ApiPropertyOptional({
    enum: CONDITION_KEYS,
    enumName: 'ConditionKey',
    description: 'Required to search.',
  })
  @Transform(emptyToUndefined)
  @IsIn(CONDITION_KEYS)
  @IsOptional()
  type_of_disease?: string;

  @ApiPropertyOptional({
    example: 'DE',
    description: 'Country code of the chosen place. Required to search.',
  })
  @Transform(emptyToUndefined)
  @Matches(/^[A-Za-z]{2}$/, { message: 'country must be a two-letter country code' })
  @IsOptional()
  country?: string;

  @ApiPropertyOptional({ type: SearchLocationDto, description: 'Required to search.' })
  @Type(() => SearchLocationDto)
  @ValidateNested()
  @IsObject()
  @IsOptional()
  location?: SearchLocationDto;

  @ApiPropertyOptional({ example: 1000, description: 'An integer. Required to search.' })
  @Transform(emptyToUndefined)
  @Transform(toInteger)
  @Max(20_000)
  @Min(0)
  @IsInt()
  @IsOptional()
  radius?: number;

  @ApiPropertyOptional({
    enum: RADIUS_UNITS,
    enumName: 'RadiusUnit',
    description: 'Default: MI for US and GB, else KM.',
  })
  @Transform(({ value }: TransformInput) =>
    typeof value === 'string' && value !== '' ? value.toUpperCase() : emptyToUndefined({ value }),
  )
  @IsIn(RADIUS_UNITS)
  @IsOptional()
  radius_unit?: RadiusUnit;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'number' }, { type: 'boolean' }, { type: 'string' }] },
    description:
      'Request criterions (spec 02 §3): keys and value kinds of packages/contract/src/criteria.ts, ' +
      'e.g. { "egfr": true, "ecog": 1, "tumor_stage": 4, "age": 1961, "checkpoint_therapy": -2 }. ' +
      'age is a birth year; therapies are -1 (had) / -2 (not had); plus interventional.',
    example: { egfr: true, ecog: 1, tumor_stage: 4, age: 1961, gender: 'male' },
  })
  @IsObject()
  @IsOptional()
  criterions?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      'Instead of criterions: the questionnaire answers as the form holds them; the server ' +
      'converts them (one implementation of spec 02 §3 Request criterions).',
  })
  @IsObject()
  @IsOptional()
  answers?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: [Number],
    example: [17, 42],
    description: 'Only sites of these facilities count.',
  })
  @Transform(toNumbers)
  @IsInt({ each: true })
  @ArrayMaxSize(5000)
  @IsArray()
  @IsOptional()
  facility_ids?: number[];

  @ApiPropertyOptional({ type: SearchFiltersDto })
  @Type(() => SearchFiltersDto)
  @ValidateNested()
  @IsObject()
  @IsOptional()
  filters?: SearchFiltersDto;

  @ApiPropertyOptional({ enum: SORTS, enumName: 'SortOrder', default: 'match' })
  @IsIn(SORTS)
  @IsOptional()
  sort?: SortOrder;

  @ApiPropertyOptional({ example: 1, default: 1, minimum: 1 })
  @Transform(toInteger)
  @Max(10_000)
  @Min(1)
  @IsInt()
  @IsOptional()
  page?: number;

  @ApiPropertyOptional({
    example: 'ancora_hcp',
    description:
      'With answers: the partner source (spec 02 §6: the breast-cancer source sends answers as ' +
      'they are, every other source adds interventional=true).',
  })
  @MaxLength(60)
  @IsString()
  @IsOptional()
  userSource?: string;
}

export class TrialSummaryRequestDto extends TrialSearchDto {
  @ApiPropertyOptional({
    type: [String],
    example: ['NCT04487080'],
    description:
      'The trials of call 1 to summarise, in this order. Without it, the page of the search.',
  })
  @Matches(/^NCT\d{8}$/, { each: true, message: 'trials must be NCT ids like NCT01234567' })
  @ArrayMaxSize(100)
  @IsArray()
  @IsOptional()
  trials?: string[];
}
