//! Digit bit sets: bit d−1 stands for digit d, so every candidate set of a 25×25 grid fits a `u32`.

/// The bit of digit `d` (1..=25).
#[inline(always)]
pub fn digit_bit(d: u8) -> u32 {
    1u32 << (d - 1)
}

/// The digit of a single-bit set.
#[inline(always)]
pub fn bit_digit(bit: u32) -> u8 {
    bit.trailing_zeros() as u8 + 1
}

/// The lowest digit of a non-empty set.
#[inline(always)]
pub fn lowest_digit(set: u32) -> u8 {
    set.trailing_zeros() as u8 + 1
}

#[inline(always)]
pub fn is_single(set: u32) -> bool {
    set != 0 && set & (set - 1) == 0
}

/// The digits of a set, ascending.
#[inline]
pub fn digits(set: u32) -> Digits {
    Digits(set)
}

/// Iterator over the digits of a bit set, ascending.
#[derive(Clone, Copy)]
pub struct Digits(u32);

impl Iterator for Digits {
    type Item = u8;

    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let d = lowest_digit(self.0);
        self.0 &= self.0 - 1;
        Some(d)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Digits {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_iterate_ascending() {
        let set = digit_bit(1) | digit_bit(5) | digit_bit(25);
        assert_eq!(digits(set).collect::<Vec<_>>(), vec![1, 5, 25]);
        assert_eq!(digits(set).len(), 3);
        assert!(is_single(digit_bit(7)));
        assert!(!is_single(0));
        assert_eq!(bit_digit(digit_bit(9)), 9);
    }
}
