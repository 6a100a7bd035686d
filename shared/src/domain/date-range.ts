/** SPEC §9: the date picker's range, and so the range of every date and date-time the API accepts. (No zod here: the pickers import it.) */
export const DATE_RANGE = { min: '1900-01-01', max: '2099-12-31' } as const;
