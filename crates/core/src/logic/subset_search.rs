//! The search every subset technique shares: naked subsets (cells joining into k digits),
//! hidden subsets (digits joining into k cells) and fish (lines joining into k cover lines).

/// The first `k`-element subset of `items` (in lexicographic order) whose masks (`masks[item]`)
/// join into exactly `k` bits and that `accept` turns into a value: the search of every subset
/// technique (naked cells joining into k digits, hidden digits into k cells, fish lines into k
/// cover lines). A partial subset already past `k` bits is not grown — joining more can only add
/// bits — so a unit of 25 open cells costs what its few small subsets cost, not C(25, 4) of them.
pub(super) fn first_subset<T>(
    items: &[usize],
    k: usize,
    masks: &[u32],
    accept: &mut dyn FnMut(&[usize], u32) -> Option<T>,
) -> Option<T> {
    struct Search<'a, T> {
        items: &'a [usize],
        k: usize,
        masks: &'a [u32],
        accept: &'a mut dyn FnMut(&[usize], u32) -> Option<T>,
        pick: Vec<usize>,
    }
    impl<T> Search<'_, T> {
        fn walk(&mut self, from: usize, union: u32) -> Option<T> {
            if self.pick.len() == self.k {
                return match union.count_ones() as usize == self.k {
                    true => (self.accept)(&self.pick, union),
                    false => None,
                };
            }
            let wanted = self.k - self.pick.len();
            for i in from..self.items.len() {
                if self.items.len() - i < wanted {
                    break;
                }
                let joined = union | self.masks[self.items[i]];
                if joined.count_ones() as usize > self.k {
                    continue;
                }
                self.pick.push(self.items[i]);
                let found = self.walk(i + 1, joined);
                self.pick.pop();
                if found.is_some() {
                    return found;
                }
            }
            None
        }
    }
    Search {
        items,
        k,
        masks,
        accept,
        pick: Vec::with_capacity(k),
    }
    .walk(0, 0)
}

/// The subset search against every `k`-subset listed in lexicographic order: the same first
/// subset whose masks join into `k` bits and that the caller accepts (here: an even sum, so
/// that refusals are tried too), and the same joined mask.
#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    fn every_subset(items: &[usize], k: usize) -> Vec<Vec<usize>> {
        if k == 0 {
            return vec![Vec::new()];
        }
        (0..items.len())
            .flat_map(|i| {
                every_subset(&items[i + 1..], k - 1)
                    .into_iter()
                    .map(move |mut rest| {
                        rest.insert(0, items[i]);
                        rest
                    })
            })
            .collect()
    }

    proptest! {
        #[test]
        fn first_subset_is_the_first_of_all_subsets(
            masks in proptest::collection::vec(1u32..(1 << 7), 0..12),
            k in 1usize..=4,
        ) {
            let items: Vec<usize> = (0..masks.len()).collect();
            let accept = |subset: &[usize]| subset.iter().sum::<usize>() % 2 == 0;
            let expected = every_subset(&items, k).into_iter().find_map(|subset| {
                let joined = subset.iter().fold(0, |m, &i| m | masks[i]);
                (joined.count_ones() as usize == k && accept(&subset)).then_some((subset, joined))
            });
            let found = super::first_subset(&items, k, &masks, &mut |subset, joined| {
                accept(subset).then(|| (subset.to_vec(), joined))
            });
            prop_assert_eq!(found, expected);
        }
    }
}
