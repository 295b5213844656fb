/// Dense helpers over row-major square matrices stored in flat arrays. The inner loops are dot
/// products and axpys over contiguous rows with four running sums (a plain `s -= a·b` loop waits
/// on its own addition each step: four times slower at the sizes a round reaches).
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

    /// Σ a[k]·b[k] for k < count.
    @inline(__always)
    static func dot(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, _ count: Int) -> Double {
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0
        var k = 0
        while k &+ 4 <= count {
            s0 += a[k] * b[k]
            s1 += a[k &+ 1] * b[k &+ 1]
            s2 += a[k &+ 2] * b[k &+ 2]
            s3 += a[k &+ 3] * b[k &+ 3]
            k &+= 4
        }
        while k < count { s0 += a[k] * b[k]; k &+= 1 }
        return (s0 + s1) + (s2 + s3)
    }

    /// Plain in-place Cholesky (row by row: each entry one dot product of two rows' starts);
    /// false if the matrix is not numerically positive definite.
    static func cholesky(_ a: inout [Double], n: Int) -> Bool {
        a.withUnsafeMutableBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return true }
            for i in 0..<n {
                let rowI = p + i &* n
                for j in 0..<i {
                    let rowJ = p + j &* n
                    rowI[j] = (rowI[j] - dot(rowI, rowJ, j)) / rowJ[j]
                }
                let d = rowI[i] - dot(rowI, rowI, i)
                guard d > 0, d.isFinite else { return false }
                rowI[i] = d.squareRoot()
                for k in (i + 1)..<max(i + 1, n) { rowI[k] = 0 }
            }
            return true
        }
    }

    /// Solves L x = b in place (L lower, n×n, row-major).
    static func forwardSolve(_ l: UnsafeBufferPointer<Double>, n: Int, _ b: UnsafeMutableBufferPointer<Double>) {
        guard n > 0, let lp = l.baseAddress, let bp = b.baseAddress else { return }
        for i in 0..<n {
            let row = lp + i &* n
            bp[i] = (bp[i] - dot(row, bp, i)) / row[i]
        }
    }

    /// Solves Lᵀ x = b in place (by rows of L: once x_i is known, it leaves the earlier equations).
    static func backwardSolve(_ l: UnsafeBufferPointer<Double>, n: Int, _ b: UnsafeMutableBufferPointer<Double>) {
        guard n > 0, let lp = l.baseAddress, let bp = b.baseAddress else { return }
        var i = n - 1
        while i >= 0 {
            let row = lp + i &* n
            let x = bp[i] / row[i]
            bp[i] = x
            for k in 0..<i { bp[k] -= x * row[k] }
            i -= 1
        }
    }
}
