module splitpoint

go 1.26
