/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013; public domain algorithm).
 * One call rates one player over one rating period, from the opponents' ratings at the start of the period.
 */
export interface Glicko2Rating {
  rating: number;
  deviation: number;
  volatility: number;
}

export interface Glicko2Result {
  opponent: Glicko2Rating;
  /** 1 win, 0.5 draw, 0 loss. */
  score: number;
}

/** Glickman's scale factor between the Glicko and Glicko-2 scales. */
const SCALE = 173.7178;
const CONVERGENCE = 0.000001;

export function rateOnePeriod(
  player: Glicko2Rating,
  results: readonly Glicko2Result[],
  tau: number,
  baseRating = 1500,
): Glicko2Rating {
  const mu = (player.rating - baseRating) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  // Step 6 alone: a player who did not play only becomes less certain.
  if (results.length === 0) {
    return { ...player, deviation: Math.sqrt(phi * phi + sigma * sigma) * SCALE };
  }
  // Steps 3 and 4: estimated variance v and improvement Δ.
  let vInverse = 0;
  let improvementSum = 0;
  for (const { opponent, score } of results) {
    const muJ = (opponent.rating - baseRating) / SCALE;
    const g = gFactor(opponent.deviation / SCALE);
    const expected = 1 / (1 + Math.exp(-g * (mu - muJ)));
    vInverse += g * g * expected * (1 - expected);
    improvementSum += g * (score - expected);
  }
  const v = 1 / vInverse;
  const delta = v * improvementSum;
  // Step 5: new volatility by the Illinois algorithm.
  const newSigma = newVolatility(phi, sigma, v, delta, tau);
  // Steps 6 to 8.
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * improvementSum;
  return { rating: newMu * SCALE + baseRating, deviation: newPhi * SCALE, volatility: newSigma };
}

function gFactor(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

function newVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let lower = a;
  let upper: number;
  if (delta * delta > phi * phi + v) {
    upper = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  while (Math.abs(upper - lower) > CONVERGENCE) {
    const c = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fC = f(c);
    if (fC * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else {
      fLower /= 2;
    }
    upper = c;
    fUpper = fC;
  }
  return Math.exp(lower / 2);
}
