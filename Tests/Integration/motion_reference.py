"""Independent reference motion for the handoff checks, written from the platforms' own maths:

- Compose: a port of androidx.compose.animation.core's SpringSimulation.updateValues,
  estimateAnimationDurationMillis (SpringEstimation.kt) and FloatSpringSpec, played the way
  Animatable.animateTo plays a TargetBasedAnimation: the spring's value at the play time in whole
  milliseconds (FloatSpringSpec divides nanoseconds by 1e6), and exactly the target once the play
  time reaches the estimated duration (where the visibility threshold ends it). Float32 where
  Compose keeps Floats.
- Apple: the exact damped oscillator of SwiftUI's `Spring(mass:stiffness:damping:)` /
  `interpolatingSpring(mass:stiffness:damping:initialVelocity:)` and UIKit's
  `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`, with the documented
  `Spring(duration:bounce:)` relations (stiffness = (2π/duration)²·mass, damping =
  4π(1 − bounce)·mass/duration for bounce ≥ 0, 4π·mass/(duration·(1 + bounce)) below 0)."""
import cmath
import math

import numpy as np


def f32(v):
    return float(np.float32(v))


# --- androidx SpringSimulation ------------------------------------------------------------------

class SpringSimulation:
    def __init__(self, final_position, damping_ratio, stiffness):
        if stiffness <= 0:
            raise ValueError("Spring stiffness constant must be positive.")
        self.final_position = f32(final_position)
        self.damping_ratio = f32(damping_ratio)
        self.natural_freq = math.sqrt(f32(stiffness))
        ratio_squared = self.damping_ratio * self.damping_ratio
        if self.damping_ratio > 1:
            self.gamma_plus = -self.damping_ratio * self.natural_freq + self.natural_freq * math.sqrt(ratio_squared - 1)
            self.gamma_minus = -self.damping_ratio * self.natural_freq - self.natural_freq * math.sqrt(ratio_squared - 1)
        elif 0 <= self.damping_ratio < 1:
            self.damped_freq = self.natural_freq * math.sqrt(1 - ratio_squared)

    def update_values(self, last_displacement, last_velocity, time_elapsed_ms):
        """(value, velocity) as Float32 after `time_elapsed_ms` whole milliseconds."""
        adjusted = f32(np.float32(last_displacement) - np.float32(self.final_position))
        last_velocity = f32(last_velocity)
        dt = time_elapsed_ms / 1000.0
        zeta, w = self.damping_ratio, self.natural_freq
        if zeta > 1:
            gm, gp = self.gamma_minus, self.gamma_plus
            coeff_b = (gm * adjusted - last_velocity) / (gm - gp)
            coeff_a = adjusted - coeff_b
            displacement = coeff_a * math.exp(gm * dt) + coeff_b * math.exp(gp * dt)
            velocity = coeff_a * gm * math.exp(gm * dt) + coeff_b * gp * math.exp(gp * dt)
        elif zeta == 1.0:
            coeff_a = adjusted
            coeff_b = last_velocity + w * adjusted
            displacement = (coeff_a + coeff_b * dt) * math.exp(-w * dt)
            velocity = (coeff_a + coeff_b * dt) * math.exp(-w * dt) * (-w) + coeff_b * math.exp(-w * dt)
        else:
            wd = self.damped_freq
            cos_coeff = adjusted
            sin_coeff = (1 / wd) * (zeta * w * adjusted + last_velocity)
            displacement = math.exp(-zeta * w * dt) * (cos_coeff * math.cos(wd * dt) + sin_coeff * math.sin(wd * dt))
            velocity = displacement * (-w) * zeta + math.exp(-zeta * w * dt) * (
                -wd * cos_coeff * math.sin(wd * dt) + wd * sin_coeff * math.cos(wd * dt))
        return f32(displacement + self.final_position), f32(velocity)


# --- androidx SpringEstimation --------------------------------------------------------------------

def _newton(x, fn, fn_prime):
    return x - fn(x) / fn_prime(x)


def _estimate_under_damped(first_root, p0, v0, delta):
    r = first_root.real
    c1 = p0
    c2 = (v0 - r * c1) / first_root.imag
    c = math.sqrt(c1 * c1 + c2 * c2)
    return math.log(delta / c) / r


def _estimate_critically_damped(first_root, p0, v0, delta):
    r = first_root.real
    c1 = p0
    c2 = v0 - r * c1

    def log_abs(v):
        return math.log(abs(v)) if v != 0 else -math.inf

    t1 = log_abs(delta / c1) / r if c1 != 0 else math.inf
    guess = log_abs(delta / c2) if c2 != 0 else math.inf
    t = guess
    for _ in range(6):
        t = guess - log_abs(t / r) if math.isfinite(t) else t
    t2 = t / r
    if not math.isfinite(t1):
        t_curr = t2
    elif not math.isfinite(t2):
        t_curr = t1
    else:
        t_curr = max(t1, t2)
    t_inflection = -(r * c1 + c2) / (r * c2) if c2 != 0 else math.nan
    x_inflection = c1 * math.exp(r * t_inflection) + c2 * t_inflection * math.exp(r * t_inflection) if c2 != 0 else math.nan
    if math.isnan(t_inflection) or t_inflection <= 0.0:
        signed_delta = -delta
    elif t_inflection > 0.0 and -x_inflection < delta:
        if c2 < 0 and c1 > 0:
            t_curr = 0.0
        signed_delta = -delta
    else:
        t_curr = -(2.0 / r) - (c1 / c2)
        signed_delta = delta
    t_delta, iterations = math.inf, 0
    while t_delta > 0.001 and iterations < 100:
        iterations += 1
        t_last = t_curr
        t_curr = _newton(t_curr, lambda t: (c1 + c2 * t) * math.exp(r * t) + signed_delta,
                         lambda t: (c2 * (r * t + 1) + c1 * r) * math.exp(r * t))
        t_delta = abs(t_last - t_curr)
    return t_curr


def estimate_animation_duration_millis(stiffness, damping_ratio, initial_velocity, initial_displacement, delta):
    """The Float overload (as FloatSpringSpec calls it), in whole milliseconds."""
    stiffness, damping_ratio = f32(stiffness), f32(damping_ratio)
    initial_velocity, initial_displacement, delta = f32(initial_velocity), f32(initial_displacement), f32(delta)
    if damping_ratio == 0:
        return (2 ** 63 - 1) // 1_000_000
    damping_coefficient = 2.0 * damping_ratio * math.sqrt(stiffness)
    partial_root = damping_coefficient * damping_coefficient - 4.0 * stiffness
    root = cmath.sqrt(partial_root) if partial_root < 0 else complex(math.sqrt(partial_root), 0)
    first_root = (-damping_coefficient + root) * 0.5
    if initial_displacement == 0.0 and initial_velocity == 0.0:
        return 0
    v0 = -initial_velocity if initial_displacement < 0 else initial_velocity
    p0 = abs(initial_displacement)
    if damping_ratio > 1.0:
        raise NotImplementedError("over-damped springs are not exported")
    if damping_ratio < 1.0:
        seconds = _estimate_under_damped(first_root, p0, v0, delta)
    else:
        seconds = _estimate_critically_damped(first_root, p0, v0, delta)
    return int(seconds * 1000.0)


class ComposeSpringAnimation:
    """`Animatable(initial).animateTo(target, spring(dampingRatio, stiffness, visibilityThreshold), initialVelocity)`."""

    def __init__(self, initial, target, damping_ratio, stiffness, visibility_threshold, initial_velocity):
        self.initial, self.target = f32(initial), f32(target)
        self.velocity = f32(initial_velocity)
        self.spring = SpringSimulation(self.target, damping_ratio, stiffness)
        threshold = f32(visibility_threshold)
        displacement = f32(np.float32(self.initial - self.target) / np.float32(threshold))
        velocity = f32(np.float32(self.velocity) / np.float32(threshold))
        self.duration_millis = estimate_animation_duration_millis(stiffness, damping_ratio, velocity, displacement, 1.0)

    def value_at_millis(self, play_time_ms):
        if play_time_ms >= self.duration_millis:
            return self.target
        return self.spring.update_values(self.initial, self.velocity, int(play_time_ms))[0]


# --- Apple's documented spring ----------------------------------------------------------------------

def apple_stiffness_damping(duration, bounce, mass=1.0):
    """`Spring(duration:bounce:)` as mass, stiffness and damping (Apple's documented relations)."""
    stiffness = (2 * math.pi / duration) ** 2 * mass
    damping = 4 * math.pi * (1 - bounce) * mass / duration if bounce >= 0 else 4 * math.pi * mass / (duration * (1 + bounce))
    return stiffness, damping


def damped_oscillator(mass, stiffness, damping, initial_velocity, times, start=0.0, target=1.0):
    """Exact solution of m·x'' = −k(x − target) − c·x' from x(0) = start with a velocity of
    `initial_velocity` distances per second toward the target (SwiftUI's and UIKit's unit)."""
    times = np.asarray(times, dtype=float)
    distance = target - start
    e0, v0 = -1.0, initial_velocity  # in distances: e = (x − target)/distance
    disc = damping * damping - 4 * mass * stiffness
    if abs(disc) <= 1e-9 * 4 * mass * stiffness:
        r = -damping / (2 * mass)
        e = (e0 + (v0 - r * e0) * times) * np.exp(r * times)
    else:
        root = np.sqrt(complex(disc))
        r1, r2 = (-damping + root) / (2 * mass), (-damping - root) / (2 * mass)
        a = (v0 - r2 * e0) / (r1 - r2)
        b = e0 - a
        e = np.real(a * np.exp(r1 * times) + b * np.exp(r2 * times))
    return target + distance * e
