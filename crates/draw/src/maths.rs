//! The few transcendental functions the page draws with (speeds, log axes, the circle layout).
//! In the browser they are the engine's own `Math` functions: Rust's copies (libm, compiled into
//! the module) weigh about 4 KB gzip on the lab's first load. Natively, where the models are
//! tested, they are std's.

#[cfg(target_arch = "wasm32")]
use js_sys::Math as imp;

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    pub fn pow(base: f64, exponent: f64) -> f64 {
        base.powf(exponent)
    }
    pub fn log10(x: f64) -> f64 {
        x.log10()
    }
    pub fn sin(x: f64) -> f64 {
        x.sin()
    }
    pub fn cos(x: f64) -> f64 {
        x.cos()
    }
}

/// `base` to the power `exponent`.
pub fn pow(base: f64, exponent: f64) -> f64 {
    imp::pow(base, exponent)
}

/// Logarithm in base 10.
pub fn log10(x: f64) -> f64 {
    imp::log10(x)
}

/// Sine and cosine of an angle in radians.
pub fn sin_cos(angle: f64) -> (f64, f64) {
    (imp::sin(angle), imp::cos(angle))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_functions_are_the_usual_ones() {
        assert_eq!(super::pow(10.0, 2.0), 100.0);
        assert_eq!(super::log10(1000.0), 3.0);
        let (sin, cos) = super::sin_cos(std::f64::consts::FRAC_PI_2);
        assert!((sin - 1.0).abs() < 1e-12 && cos.abs() < 1e-12);
    }
}
