// The browser suite's console hook for WebKit (test_hook_on.js), fetched only under its cookie.
if (document.cookie.split('; ').includes('sudoku-lab-test-hook=1')) document.write('<script src="test_hook_on.js"></script>');
