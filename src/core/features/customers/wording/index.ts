import type { CustomerLanguage } from '../../../../shared/customer-rules.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import type { Wording } from './types.js';

export type { Noun, Wording } from './types.js';

export const WORDING: Record<CustomerLanguage, Wording> = { en, de, fr, es };
