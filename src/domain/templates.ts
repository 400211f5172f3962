/** Template Generator categories (SPEC §9 "Defaults"): LM is the default. */
export const TEMPLATE_CATEGORIES = [
  { id: 'LM', name: 'Landscape Maintenance' },
  { id: 'SNOW', name: 'Snow Maintenance' },
] as const;

export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number]['id'];

export const TEMPLATE_CATEGORY_IDS: readonly string[] = TEMPLATE_CATEGORIES.map((c) => c.id);

export const DEFAULT_TEMPLATE_CATEGORY: TemplateCategory = 'LM';
