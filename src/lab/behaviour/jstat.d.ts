// The part of jStat (https://github.com/jstat/jstat, MIT) the behaviour baselines use; it ships no types.
declare module 'jstat' {
  interface Continuous {
    cdf(x: number, ...params: number[]): number;
  }
  const jStat: {
    normal: Continuous;
    chisquare: Continuous;
    hypgeom: { pdf(k: number, populationSize: number, successes: number, draws: number): number };
  };
  const mod: { jStat: typeof jStat };
  export default mod;
}
