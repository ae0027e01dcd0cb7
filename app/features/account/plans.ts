// The plans from the spec (document 2, §9). The annual 'Save' badge equals one month's price.
export const PLANS = [
  { name: "Starter", monthly: 12, annual: 132, credits: 1, wordsPerCredit: 1500, minutesPerCredit: 10, addOnPrice: 9, addOnMax: 1, popular: false },
  { name: "Family", monthly: 20, annual: 220, credits: 2, wordsPerCredit: 2500, minutesPerCredit: 20, addOnPrice: 8, addOnMax: 1, popular: true },
  { name: "Legacy+", monthly: 35, annual: 385, credits: 4, wordsPerCredit: 4000, minutesPerCredit: 30, addOnPrice: 7, addOnMax: null, popular: false },
].map((plan) => ({ ...plan, annualSaving: plan.monthly * 12 - plan.annual }));
