/// Dense helpers over row-major square matrices stored in flat arrays. The inner loops are dot
/// products over contiguous rows in vector sums (see `dot`), and the back solve's axpy over a row.
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

    /// Σ a[k]·b[k] for k < count: eight products a step in two vector sums (the compiler keeps
    /// a scalar sum's order, so it cannot vectorise one: the Cholesky factor, the solves and
    /// every K·v of a round's fits are these dot products).
    @inline(__always)
    static func dot(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, _ count: Int) -> Double {
        var s0 = SIMD4<Double>(), s1 = SIMD4<Double>()
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        var k = 0
        while k &+ 8 <= count {
            s0 += ra.loadUnaligned(fromByteOffset: k &* 8, as: SIMD4<Double>.self) * rb.loadUnaligned(fromByteOffset: k &* 8, as: SIMD4<Double>.self)
            s1 += ra.loadUnaligned(fromByteOffset: (k &+ 4) &* 8, as: SIMD4<Double>.self) * rb.loadUnaligned(fromByteOffset: (k &+ 4) &* 8, as: SIMD4<Double>.self)
            k &+= 8
        }
        if k &+ 4 <= count {
            s0 += ra.loadUnaligned(fromByteOffset: k &* 8, as: SIMD4<Double>.self) * rb.loadUnaligned(fromByteOffset: k &* 8, as: SIMD4<Double>.self)
            k &+= 4
        }
        var s = (s0 + s1).sum()
        while k < count { s += a[k] * b[k]; k &+= 1 }
        return s
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
