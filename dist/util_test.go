package dist

import (
	"bytes"
	"strings"
	"sync"
)

// syncBuffer is a bytes.Buffer safe for a worker's goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
