/** The one number format of the screens: Italian, decimal comma, at most two decimals ('5,5', '1.250'). */
const italianNumber = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

export const formatNumber = (value: number): string => italianNumber.format(value);

const italianAmount = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A currency field's amount: always two decimals ('12,50'); the org's currency is not named (orgs may hold several). */
export const formatAmount = (value: number): string => italianAmount.format(value);
