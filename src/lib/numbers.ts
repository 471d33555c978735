/** The one number format of the screens: Italian, decimal comma, at most two decimals ('5,5', '1.250'). */
const italianNumber = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

export const formatNumber = (value: number): string => italianNumber.format(value);
