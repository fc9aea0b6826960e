import Testing
@testable import Surveys
import Statistics

@Suite struct BootstrapTests {
    /// Against SciPy 1.17.1's BCa, 200 000 resamples (the same ends for seeds 1, 2 and 3: a mean of 12 SUS scores
    /// takes steps of 2.5/12, and both ends fall on a step):
    ///   python3 -c "import numpy as np; from scipy.stats import bootstrap; x = np.array([...]);
    ///     r = bootstrap((x,), np.mean, n_resamples=200000, method='BCa', random_state=np.random.default_rng(1));
    ///     print(r.confidence_interval)"
    /// A different generator (SplitMix64 here, PCG64 in NumPy) may land a step away from SciPy's ends.
    @Test func endsAsSciPyComputesThem() throws {
        let sus = [72.5, 85, 90, 67.5, 77.5, 95, 57.5, 80, 87.5, 92.5, 70, 82.5]
        let interval = try #require(Bootstrap.meanBCa(sus, resamples: 200_000, seed: 1))
        #expect(abs(interval.low - 73.125) <= 2.5 / 12 + 1e-9 && abs(interval.high - 85.20833333333333) <= 2.5 / 12 + 1e-9, "\(interval)")
        // Skewed: two high scores among low ones pull the upper end out, as the t interval's symmetry would not.
        let skewed = [40, 42.5, 45, 50, 52.5, 55, 57.5, 60, 95, 97.5]
        let bca = try #require(Bootstrap.meanBCa(skewed, resamples: 200_000, seed: 1))
        #expect(abs(bca.low - 50.0) <= 0.25 + 1e-9 && abs(bca.high - 75.25) <= 0.25 + 1e-9, "\(bca)")
        let mean = skewed.reduce(0, +) / 10
        #expect(bca.high - mean > mean - bca.low, "the interval leans towards the long tail")
    }

    @Test func theSameSeedGivesTheSameInterval() throws {
        let values = [55.0, 60, 62.5, 70, 72.5, 75, 80, 85]
        #expect(Bootstrap.meanBCa(values, seed: 42) == Bootstrap.meanBCa(values, seed: 42))
        #expect(Bootstrap.meanBCa(values, seed: 42)?.seed == 42)
        #expect(Bootstrap.meanBCa(values.reversed(), seed: 42) == Bootstrap.meanBCa(values, seed: 42), "the order values are read in does not matter")
        #expect(Bootstrap.meanBCa([70, 70, 70, 70]) == nil, "no variation: no interval")
        #expect(Bootstrap.meanBCa([70, 80]) == nil, "too few values")
    }
}
