//! The branching order: EVSIDS (exponential variable state independent decaying sum). Each
//! conflict bumps the activity of the variables it involved by a growing increment, so recent
//! conflicts weigh most; the next decision takes the unassigned variable of highest activity
//! from a binary max-heap.

/// Activities are rescaled past this, before they overflow.
const RESCALE_ABOVE: f64 = 1e100;

#[derive(Clone, Debug)]
pub struct Order {
    activity: Vec<f64>,
    increment: f64,
    decay: f64,
    /// The heap of variables, by activity.
    heap: Vec<u32>,
    /// Each variable's place in the heap, or `NONE`.
    place: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl Order {
    pub fn new(vars: usize, decay: f64) -> Order {
        let mut order = Order {
            activity: vec![0.0; vars],
            increment: 1.0,
            decay,
            heap: Vec::with_capacity(vars),
            place: vec![NONE; vars],
        };
        for v in 0..vars as u32 {
            order.insert(v);
        }
        order
    }

    pub fn contains(&self, var: u32) -> bool {
        self.place[var as usize] != NONE
    }

    pub fn insert(&mut self, var: u32) {
        if self.contains(var) {
            return;
        }
        self.place[var as usize] = self.heap.len() as u32;
        self.heap.push(var);
        self.up(self.heap.len() - 1);
    }

    /// The variable of highest activity, taken out of the heap.
    pub fn pop(&mut self) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        self.place[top as usize] = NONE;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.place[last as usize] = 0;
            self.down(0);
        }
        Some(top)
    }

    /// Adds the current increment to a variable's activity.
    pub fn bump(&mut self, var: u32) {
        let a = &mut self.activity[var as usize];
        *a += self.increment;
        if *a > RESCALE_ABOVE {
            for a in &mut self.activity {
                *a *= 1.0 / RESCALE_ABOVE;
            }
            self.increment *= 1.0 / RESCALE_ABOVE;
        }
        let place = self.place[var as usize];
        if place != NONE {
            self.up(place as usize);
        }
    }

    /// Makes later bumps weigh more (the same as decaying every activity).
    pub fn decay(&mut self) {
        self.increment /= self.decay;
    }

    fn better(&self, a: u32, b: u32) -> bool {
        self.activity[a as usize] > self.activity[b as usize]
    }

    fn up(&mut self, mut i: usize) {
        let var = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if !self.better(var, self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.place[self.heap[i] as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = var;
        self.place[var as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize) {
        let var = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len() && self.better(self.heap[right], self.heap[left])
            {
                right
            } else {
                left
            };
            if !self.better(self.heap[child], var) {
                break;
            }
            self.heap[i] = self.heap[child];
            self.place[self.heap[i] as usize] = i as u32;
            i = child;
        }
        self.heap[i] = var;
        self.place[var as usize] = i as u32;
    }
}

impl Order {
    /// Takes a variable out of the heap (it will not be decided from the heap again).
    pub fn remove(&mut self, var: u32) {
        let place = self.place[var as usize];
        if place == NONE {
            return;
        }
        self.place[var as usize] = NONE;
        let last = self.heap.pop().expect("a placed variable is in the heap");
        let place = place as usize;
        if place < self.heap.len() {
            self.heap[place] = last;
            self.place[last as usize] = place as u32;
            self.up(place);
            let place = self.place[last as usize] as usize;
            self.down(place);
        }
    }
}
