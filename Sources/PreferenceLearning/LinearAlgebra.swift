/// Dense helpers over row-major square matrices stored in flat arrays.
enum LinearAlgebra {
    /// In-place lower Cholesky factor of the symmetric matrix `a` (n×n); the upper triangle is
    /// zeroed. On failure adds jitter to the diagonal, escalating by ×10 from 1e-10 of the mean
    /// diagonal up to 1e-2 of it; returns the jitter used, or nil if even that failed.
    static func choleskyWithJitter(_ a: inout [Double], n: Int) -> Double? {
        let original = a
        var meanDiag = 0.0
        for i in 0..<n { meanDiag += a[i * n + i] }
        meanDiag = n > 0 ? max(meanDiag / Double(n), 1e-300) : 1
        var jitter = 0.0
        while true {
            if jitter > 0 {
                a = original
                for i in 0..<n { a[i * n + i] += jitter }
            }
            if cholesky(&a, n: n) { return jitter }
            jitter = jitter == 0 ? 1e-10 * meanDiag : jitter * 10
            if jitter > 1e-2 * meanDiag { return nil }
        }
    }

    /// Plain in-place Cholesky; false if the matrix is not numerically positive definite.
    static func cholesky(_ a: inout [Double], n: Int) -> Bool {
        a.withUnsafeMutableBufferPointer { p in
            for j in 0..<n {
                let rowJ = j * n
                var d = p[rowJ + j]
                for k in 0..<j { d -= p[rowJ + k] * p[rowJ + k] }
                guard d > 0, d.isFinite else { return false }
                let ljj = d.squareRoot()
                p[rowJ + j] = ljj
                let inv = 1 / ljj
                for i in (j + 1)..<max(j + 1, n) {
                    let rowI = i * n
                    var s = p[rowI + j]
                    for k in 0..<j { s -= p[rowI + k] * p[rowJ + k] }
                    p[rowI + j] = s * inv
                }
                for k in (j + 1)..<max(j + 1, n) { p[rowJ + k] = 0 }
            }
            return true
        }
    }

    /// Solves L x = b in place (L lower, n×n, row-major).
    static func forwardSolve(_ l: UnsafeBufferPointer<Double>, n: Int, _ b: UnsafeMutableBufferPointer<Double>) {
        for i in 0..<n {
            let row = i * n
            var s = b[i]
            for k in 0..<i { s -= l[row + k] * b[k] }
            b[i] = s / l[row + i]
        }
    }

    /// Solves Lᵀ x = b in place.
    static func backwardSolve(_ l: UnsafeBufferPointer<Double>, n: Int, _ b: UnsafeMutableBufferPointer<Double>) {
        var i = n - 1
        while i >= 0 {
            var s = b[i]
            for k in (i + 1)..<max(i + 1, n) { s -= l[k * n + i] * b[k] }
            b[i] = s / l[i * n + i]
            i -= 1
        }
    }
}
